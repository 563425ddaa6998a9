import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec';
import type { JsonSchemaObject } from './compile.js';

export type { StandardSchemaV1 };

/** Whether a value implements Standard Schema v1 (zod, valibot, arktype...). */
export function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return false;
  const props = (value as { '~standard'?: { version?: unknown; validate?: unknown } })['~standard'];
  return !!props && props.version === 1 && typeof props.validate === 'function';
}

/**
 * The JSON Schema a Standard Schema publishes for listing (Standard JSON Schema v1), or `undefined`
 * when the library offers none.
 */
export function jsonSchemaOf(schema: StandardSchemaV1, io: 'input' | 'output'): JsonSchemaObject | undefined {
  const converter = (schema['~standard'] as Partial<StandardJSONSchemaV1.Props>).jsonSchema;
  if (!converter || typeof converter[io] !== 'function') return undefined;
  return converter[io]({ target: 'draft-2020-12' });
}

/** A readable line per Standard Schema issue: `path: message`. */
export function formatIssues(issues: readonly StandardSchemaV1.Issue[]): string {
  return issues
    .slice(0, 3)
    .map((issue) => {
      const path = (issue.path ?? []).map((p) => String(typeof p === 'object' ? p.key : p)).join('/');
      return path ? `/${path}: ${issue.message}` : issue.message;
    })
    .concat(issues.length > 3 ? [`and ${issues.length - 3} more`] : [])
    .join('; ');
}
