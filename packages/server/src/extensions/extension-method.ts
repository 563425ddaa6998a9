import { ResponseError, type JsonObject } from '@mcpkit/jsonrpc';
import type { ValidationError } from '@mcpkit/schema';
import { ErrorCode, formatErrors } from '@mcpkit/schema/2026-07-28/core';
import type { MethodHandler } from '../dispatch/core.js';
import { complete } from '../methods/results.js';
import { missingClientExtension } from '../util/errors.js';
import type { OwnedMethod } from './resolve.js';

const ALWAYS = Object.assign(() => true, { errors: undefined });

/**
 * An extension's method as dispatch serves it: the capability gate (`-32021`) first, then the
 * extension's own params check (`-32602`), then its handler, whose body becomes a complete result.
 */
export function extensionMethodHandler(name: string, { extension, method }: OwnedMethod): MethodHandler {
  return {
    // The params are checked in `handle`, after the gate: a client that did not declare the
    // extension learns that first, whatever its params.
    validate: ALWAYS,
    enabled: () => true,
    async handle(params: JsonObject, call, core) {
      if (method.requiresClientExtension && call.clientExtension(extension) === undefined) throw missingClientExtension(extension);
      if (!method.validate(params)) {
        throw new ResponseError(ErrorCode.InvalidParams, `Invalid params for ${name}: ${formatErrors(method.validate.errors as ValidationError[])}`);
      }
      return complete(core, await method.handle(params, call));
    },
  };
}
