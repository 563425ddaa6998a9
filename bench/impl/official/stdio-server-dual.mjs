// Official SDK v2 stdio server: serveStdio already serves both eras (the first message of a connection fixes it).
import './stdio-server.mjs';
