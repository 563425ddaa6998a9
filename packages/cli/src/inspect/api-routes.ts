import type { InspectSession } from './inspect-session.js';
import { ApiError } from './page-server.js';
import { completeArgument, listAll, loadSkill, readResource, taskOp, type Listens } from './queries.js';
import { ScenarioRunner } from './scenario-runner.js';

/**
 * The API, one name per thing the page can ask (`POST /api/NAME` with a JSON body). Each takes
 * only data: which list, which tool and its arguments, an answer to an input request, which seed
 * scenario. None takes a command, a URL or a path: the server is the one the command line named,
 * and the scenarios run only the example server the CLI ships.
 */

/** What the routes work on. */
export interface ApiContext {
  readonly session: InspectSession;
  readonly listens: Listens;
  readonly scenarios: ScenarioRunner;
}

/** Wraps a failure of the server (not of the page's request) with what the user should read. */
async function fromServer<T>(ctx: ApiContext, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const described = ctx.session.describe(error);
    throw new ApiError(502, described.hint ? `${described.message} (${described.hint})` : described.message);
  }
}

/** Runs API call `name`. */
export async function routeApi(name: string, body: Record<string, unknown>, ctx: ApiContext): Promise<unknown> {
  const { session } = ctx;
  switch (name) {
    case 'scenarios':
      return { scenarios: ScenarioRunner.list() };
    case 'list':
      return fromServer(ctx, () => listAll(session.connected(), body.kind));
    case 'call':
      return { callId: session.calls.start(body.op, body.params, body.asTask === true) };
    case 'cancel':
      session.calls.cancel(body.callId);
      return {};
    case 'answer':
      if (typeof body.id !== 'string') throw new ApiError(400, 'id is required');
      session.broker.answer(body.id, body.result);
      return {};
    case 'complete':
      return fromServer(ctx, () => completeArgument(session.connected(), body));
    case 'read':
      return fromServer(ctx, () => readResource(session.connected(), body.uri));
    case 'skill':
      return fromServer(ctx, () => loadSkill(session.connected(), body.uri));
    case 'task':
      return fromServer(ctx, () => taskOp(session.connected(), body.op, body.taskId));
    case 'listen':
      return { listenId: ctx.listens.open(session.connected(), body.filter) };
    case 'unlisten':
      ctx.listens.close(body.listenId);
      return {};
    case 'scenario':
      return { scope: ctx.scenarios.start(body.index, body.transport) };
    case 'reconnect':
      ctx.listens.closeAll();
      void session.reconnect();
      return {};
    default:
      throw new ApiError(404, `no API call ${JSON.stringify(name)}`);
  }
}
