// Copied by tools/codegen from schema/2026-07-28/elicitation-schema.ts. Edit the source, then run `pnpm codegen`.
/**
 * The restricted JSON Schema subset a form-mode elicitation may use for its fields: strings,
 * numbers, booleans and enums (single or multiple choice, with or without display titles).
 *
 * Source: `2026-07-28/pages/client/elicitation.mdx` (Requested Schema), `2026-07-28/schema.json`.
 * Every field type may carry a default the client should pre-fill.
 */

/**
 * A text field.
 */
export interface StringSchema {
  /** Always `"string"`. */
  type: 'string';
  /** Label of the field. */
  title?: string;
  /** Help text for the field. */
  description?: string;
  /** Fewest characters accepted. */
  minLength?: number;
  /** Most characters accepted. */
  maxLength?: number;
  /** Required shape of the text: an email address, a URI, a date or a date-time. */
  format?: 'email' | 'uri' | 'date' | 'date-time';
  /** Value to pre-fill. */
  default?: string;
}

/**
 * A numeric field, either any number or integers only.
 */
export interface NumberSchema {
  /** `"number"` for any number, `"integer"` for whole numbers. */
  type: 'number' | 'integer';
  /** Label of the field. */
  title?: string;
  /** Help text for the field. */
  description?: string;
  /**
   * Smallest value accepted.
   * @TJS-type number
   */
  minimum?: number;
  /**
   * Largest value accepted.
   * @TJS-type number
   */
  maximum?: number;
  /**
   * Value to pre-fill.
   * @TJS-type number
   */
  default?: number;
}

/**
 * A yes/no field.
 */
export interface BooleanSchema {
  /** Always `"boolean"`. */
  type: 'boolean';
  /** Label of the field. */
  title?: string;
  /** Help text for the field. */
  description?: string;
  /** Value to pre-fill. */
  default?: boolean;
}

/**
 * A single choice among strings that are shown as they are.
 */
export interface UntitledSingleSelectEnumSchema {
  /** Always `"string"`. */
  type: 'string';
  /** Label of the field. */
  title?: string;
  /** Help text for the field. */
  description?: string;
  /** The values to choose from. */
  enum: string[];
  /** Value to pre-select. */
  default?: string;
}

/**
 * A single choice among values that each have a display label.
 */
export interface TitledSingleSelectEnumSchema {
  /** Always `"string"`. */
  type: 'string';
  /** Label of the field. */
  title?: string;
  /** Help text for the field. */
  description?: string;
  /** The options, each a value and the label to show for it. */
  oneOf: {
    /** The value sent back when this option is chosen. */
    const: string;
    /** The label shown for this option. */
    title: string;
  }[];
  /** Value to pre-select. */
  default?: string;
}

/**
 * A single-choice field, with or without display labels.
 */
export type SingleSelectEnumSchema = UntitledSingleSelectEnumSchema | TitledSingleSelectEnumSchema;

/**
 * A multiple choice among strings that are shown as they are; the answer is an array.
 */
export interface UntitledMultiSelectEnumSchema {
  /** Always `"array"`. */
  type: 'array';
  /** Label of the field. */
  title?: string;
  /** Help text for the field. */
  description?: string;
  /** Fewest options the user must pick. */
  minItems?: number;
  /** Most options the user may pick. */
  maxItems?: number;
  /** What each picked item may be. */
  items: {
    /** Always `"string"`. */
    type: 'string';
    /** The values to choose from. */
    enum: string[];
  };
  /** Values to pre-select. */
  default?: string[];
}

/**
 * A multiple choice among values that each have a display label; the answer is an array.
 */
export interface TitledMultiSelectEnumSchema {
  /** Always `"array"`. */
  type: 'array';
  /** Label of the field. */
  title?: string;
  /** Help text for the field. */
  description?: string;
  /** Fewest options the user must pick. */
  minItems?: number;
  /** Most options the user may pick. */
  maxItems?: number;
  /** What each picked item may be. */
  items: {
    /** The options, each a value and the label to show for it. */
    anyOf: {
      /** The value sent back when this option is picked. */
      const: string;
      /** The label shown for this option. */
      title: string;
    }[];
  };
  /** Values to pre-select. */
  default?: string[];
}

/**
 * A multiple-choice field, with or without display labels.
 */
export type MultiSelectEnumSchema = UntitledMultiSelectEnumSchema | TitledMultiSelectEnumSchema;

/**
 * Deprecated single choice whose labels sit in a parallel, non-standard `enumNames` array. New
 * code uses TitledSingleSelectEnumSchema; this form will be removed.
 */
export interface LegacyTitledEnumSchema {
  /** Always `"string"`. */
  type: 'string';
  /** Label of the field. */
  title?: string;
  /** Help text for the field. */
  description?: string;
  /** The values to choose from. */
  enum: string[];
  /** Display labels, in the same order as `enum` (not standard JSON Schema). */
  enumNames?: string[];
  /** Value to pre-select. */
  default?: string;
}

/**
 * Any choice field: single or multiple choice, titled or not, or the legacy titled form.
 */
export type EnumSchema = SingleSelectEnumSchema | MultiSelectEnumSchema | LegacyTitledEnumSchema;

/**
 * Any field type allowed in a form-mode `requestedSchema`: no nested objects, and arrays only as
 * multiple-choice enums.
 */
export type PrimitiveSchemaDefinition = StringSchema | NumberSchema | BooleanSchema | EnumSchema;
