/**
 * What a command line asks for, once parsed and checked: the target, the options that shape every
 * client command, and the command itself.
 */

/** Which era to speak: `auto` probes (the dual-era `connect`), the others skip the probe. */
export type Era = 'auto' | 'modern' | 'legacy';

/** Where the server is. */
export type Target =
  /** A process to spawn; `line` is the `--stdio` text as given. */
  | { readonly kind: 'stdio'; readonly command: string; readonly args: readonly string[]; readonly line: string }
  /** A Streamable HTTP endpoint. */
  | { readonly kind: 'http'; readonly url: string };

/**
 * How an HTTP target is authorized: `oauth` signs in when the server answers 401 (the default),
 * `token` sends a ready bearer token, `none` never signs in.
 */
export type AuthSettings =
  | {
      readonly mode: 'oauth';
      /**
       * Who signs in: `user` through a browser (the default), `client-credentials` as a machine
       * client (`--client-credentials`), `workload-identity` with a workload token from a file
       * (`--workload-identity-token`).
       */
      readonly grant: 'user' | 'client-credentials' | 'workload-identity';
      /** `--client-id` / `--client-secret`: a client registered ahead of time. */
      readonly clientId: string | undefined;
      readonly clientSecret: string | undefined;
      /** `--client-key`: the PEM file of the client's private key (`private_key_jwt`). */
      readonly clientKeyFile: string | undefined;
      /** `--workload-identity-token`: the file holding the workload JWT, read for every grant. */
      readonly workloadTokenFile: string | undefined;
      /** False with `--no-dpop`; otherwise DPoP when the authorization server advertises it. */
      readonly dpop: boolean;
      /** `--client-metadata-url`: the client's Client ID Metadata Document. */
      readonly clientMetadataUrl: string | undefined;
      /** `--scope`: scopes asked for besides those the server's challenge names. */
      readonly scopes: readonly string[];
      /** `--token-file`: where registrations and tokens are kept (mode 0600); in memory without it. */
      readonly tokenFile: string | undefined;
      /** `--open`: open the authorization URL in a browser. */
      readonly openBrowser: boolean;
    }
  | { readonly mode: 'token'; readonly token: string }
  | { readonly mode: 'none' };

/** Options shared by the commands that talk to a server. */
export interface ClientSettings {
  readonly target: Target;
  readonly era: Era;
  /** The result as JSON on stdout, diagnostics on stderr. */
  readonly json: boolean;
  /** Every message on stderr as it crosses the wire. */
  readonly trace: boolean;
  /** `--otel`: OpenTelemetry spans of the session on stderr (and OTLP when `OTEL_EXPORTER_OTLP_ENDPOINT` is set). */
  readonly otel: boolean;
  /** `--answers`: the parsed JSON array, answered in order. */
  readonly answers: readonly unknown[] | undefined;
  /** Prompt for input even when stdin is not a terminal. */
  readonly interactive: boolean;
  /** Idle timeout of each request, in ms. */
  readonly timeoutMs: number;
  /** How an HTTP target is authorized (a stdio target never is). */
  readonly auth: AuthSettings;
}

/** The listen filter as asked on the command line. */
export interface ListenRequest {
  readonly toolsListChanged: boolean;
  readonly promptsListChanged: boolean;
  readonly resourcesListChanged: boolean;
  readonly resourceSubscriptions: readonly string[];
}

/** A command that talks to a server. */
export type ClientCommand =
  | { readonly name: 'discover' }
  | { readonly name: 'tools list' }
  | { readonly name: 'tools call'; readonly tool: string; readonly args: Record<string, unknown>; readonly task: boolean }
  | { readonly name: 'tasks list' }
  | { readonly name: 'tasks get' | 'tasks result' | 'tasks cancel'; readonly taskId: string }
  | { readonly name: 'resources list' }
  | { readonly name: 'resources read'; readonly uri: string }
  | { readonly name: 'templates list' }
  | { readonly name: 'prompts list' }
  | { readonly name: 'prompts get'; readonly prompt: string; readonly args: Record<string, string> }
  | { readonly name: 'skills list' }
  | { readonly name: 'skills get'; readonly uri: string }
  | { readonly name: 'apps list' }
  | { readonly name: 'apps open'; readonly tool: string; readonly args: Record<string, unknown> }
  | {
      readonly name: 'complete';
      readonly ref: { readonly type: 'ref/prompt'; readonly name: string } | { readonly type: 'ref/resource'; readonly uri: string };
      readonly argument: { readonly name: string; readonly value: string };
      readonly context: Record<string, string> | undefined;
    }
  | { readonly name: 'listen'; readonly filter: ListenRequest; readonly count: number | undefined };

/** `serve-example`. */
export interface ServeCommand {
  readonly name: 'serve-example';
  readonly transport: 'stdio' | 'http';
  readonly port: number;
  readonly host: string;
  readonly era: 'modern' | 'legacy' | 'dual';
  /** Report what the server remembers after each request, on stderr (the demo reads it). */
  readonly reportMemory: boolean;
  /** `--otel`: a span per request on stderr (and OTLP when `OTEL_EXPORTER_OTLP_ENDPOINT` is set). */
  readonly otel: boolean;
}

/** A fault the demo injects on purpose, to prove that its checks fail when a step misbehaves. */
export type DemoFault = 'tamper-state' | 'no-fallback';

/** `demo`. */
export interface DemoCommand {
  readonly name: 'demo';
  readonly transports: readonly ('stdio' | 'http')[];
  readonly fault: DemoFault | undefined;
}

/** A parsed command line. */
export type Invocation =
  | { readonly kind: 'client'; readonly command: ClientCommand; readonly settings: ClientSettings; readonly color: boolean | undefined }
  | { readonly kind: 'serve'; readonly command: ServeCommand }
  | { readonly kind: 'demo'; readonly command: DemoCommand; readonly color: boolean | undefined }
  /** `inspect`: `port` is the page's port on 127.0.0.1 (0: any free port). */
  | { readonly kind: 'inspect'; readonly command: { readonly name: 'inspect'; readonly port: number }; readonly settings: ClientSettings }
  | { readonly kind: 'help'; readonly topic: string | undefined }
  | { readonly kind: 'version' };
