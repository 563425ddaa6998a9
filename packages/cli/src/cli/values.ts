import { readFileSync } from 'node:fs';
import { UsageError } from './exit-codes.js';

/**
 * Readers for option values: each refuses a bad value with a message that names the option and
 * shows what a good one looks like.
 */

/** A JSON value from `text`, or from the file named after `@` (`--answers @answers.json`). */
export function readJsonOption(option: string, text: string): unknown {
  let source = text;
  let where = option;
  if (text.startsWith('@')) {
    const file = text.slice(1);
    try {
      source = readFileSync(file, 'utf8');
    } catch (error) {
      throw new UsageError(`${option}: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
    where = `${option} (${file})`;
  }
  try {
    return JSON.parse(source);
  } catch (error) {
    const shown = source.length > 60 ? `${source.slice(0, 60)}…` : source;
    throw new UsageError(`${where} is not valid JSON (${(error as Error).message}): ${shown}`);
  }
}

/** A JSON object (tool arguments, completion context). */
export function readJsonObject(option: string, text: string, example: string): Record<string, unknown> {
  const value = readJsonOption(option, text);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new UsageError(`${option} must be a JSON object, e.g. ${option} '${example}' (got ${describeJson(value)})`);
  }
  return value as Record<string, unknown>;
}

/** A JSON object whose values are all strings (prompt arguments, completion context arguments). */
export function readStringMap(option: string, text: string, example: string): Record<string, string> {
  const object = readJsonObject(option, text, example);
  for (const [key, value] of Object.entries(object)) {
    if (typeof value !== 'string') {
      const hint = typeof value === 'number' || typeof value === 'boolean' ? `; write it as ${JSON.stringify(String(value))}` : '';
      throw new UsageError(`${option}: every value must be a string, but "${key}" is ${describeJson(value)}${hint}`);
    }
  }
  return object as Record<string, string>;
}

/** A whole number within bounds. */
export function readInteger(option: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(`${option} must be a whole number from ${min} to ${max}, got ${JSON.stringify(text)}`);
  }
  return value;
}

/** One of a fixed set of words. */
export function readChoice<T extends string>(option: string, text: string, choices: readonly T[]): T {
  if (!(choices as readonly string[]).includes(text)) {
    throw new UsageError(`${option} must be one of ${choices.join(', ')}; got ${JSON.stringify(text)}`);
  }
  return text as T;
}

/** A short description of a JSON value's type, for messages. */
export function describeJson(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`;
  return `the ${typeof value} ${String(value)}`;
}
