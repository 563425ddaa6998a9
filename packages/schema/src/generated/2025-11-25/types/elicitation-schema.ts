// Copied by tools/codegen from schema/2025-11-25/elicitation-schema.ts. Edit the source, then run `pnpm codegen`.
/**
 * MCP 2025-11-25: the restricted JSON Schema used by form-mode elicitation. Each form field is
 * one flat, primitive schema: a string, a number, a boolean, or a single- or multi-choice
 * list. Nested objects and arrays of objects are not allowed.
 *
 * Spec: 2025-11-25/pages/client/elicitation.mdx (Requested Schema)
 */

/** The schema of one form field: any of the primitive field kinds. */
export type PrimitiveSchemaDefinition = StringSchema | NumberSchema | BooleanSchema | EnumSchema;

/** A free-text form field. */
export interface StringSchema {
  /** Always `string`. */
  type: 'string';
  /** Label shown for the field. */
  title?: string;
  /** Help text shown for the field. */
  description?: string;
  /** Fewest characters accepted. */
  minLength?: number;
  /** Most characters accepted. */
  maxLength?: number;
  /** Expected shape of the text, which the client may check. */
  format?: 'email' | 'uri' | 'date' | 'date-time';
  /** Value the field starts with. */
  default?: string;
}

/** A numeric form field. */
export interface NumberSchema {
  /** `number` for any number, `integer` for whole numbers only. */
  type: 'number' | 'integer';
  /** Label shown for the field. */
  title?: string;
  /** Help text shown for the field. */
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
   * Value the field starts with.
   * @TJS-type number
   */
  default?: number;
}

/** A yes/no form field. */
export interface BooleanSchema {
  /** Always `boolean`. */
  type: 'boolean';
  /** Label shown for the field. */
  title?: string;
  /** Help text shown for the field. */
  description?: string;
  /** Value the field starts with. */
  default?: boolean;
}

/** A choice field, single or multiple, with or without display labels. */
export type EnumSchema = SingleSelectEnumSchema | MultiSelectEnumSchema | LegacyTitledEnumSchema;

/** A field where the user picks exactly one value from a list. */
export type SingleSelectEnumSchema = UntitledSingleSelectEnumSchema | TitledSingleSelectEnumSchema;

/** A single-choice field whose options are shown as their raw values. */
export interface UntitledSingleSelectEnumSchema {
  /** Always `string`. */
  type: 'string';
  /** Label shown for the field. */
  title?: string;
  /** Help text shown for the field. */
  description?: string;
  /** The values to choose from. */
  enum: string[];
  /** Value selected at first. */
  default?: string;
}

/** A single-choice field whose options each have a display label. */
export interface TitledSingleSelectEnumSchema {
  /** Always `string`. */
  type: 'string';
  /** Label shown for the field. */
  title?: string;
  /** Help text shown for the field. */
  description?: string;
  /** The options, each a value with its label. */
  oneOf: {
    /** The value sent back when this option is chosen. */
    const: string;
    /** The label shown for this option. */
    title: string;
  }[];
  /** Value selected at first. */
  default?: string;
}

/** A field where the user picks any number of values from a list. */
export type MultiSelectEnumSchema = UntitledMultiSelectEnumSchema | TitledMultiSelectEnumSchema;

/** A multiple-choice field whose options are shown as their raw values. */
export interface UntitledMultiSelectEnumSchema {
  /** Always `array`: the answer is a list of the chosen values. */
  type: 'array';
  /** Label shown for the field. */
  title?: string;
  /** Help text shown for the field. */
  description?: string;
  /** Fewest options the user must choose. */
  minItems?: number;
  /** Most options the user may choose. */
  maxItems?: number;
  /** What each chosen value may be. */
  items: {
    /** Always `string`. */
    type: 'string';
    /** The values to choose from. */
    enum: string[];
  };
  /** Values selected at first. */
  default?: string[];
}

/** A multiple-choice field whose options each have a display label. */
export interface TitledMultiSelectEnumSchema {
  /** Always `array`: the answer is a list of the chosen values. */
  type: 'array';
  /** Label shown for the field. */
  title?: string;
  /** Help text shown for the field. */
  description?: string;
  /** Fewest options the user must choose. */
  minItems?: number;
  /** Most options the user may choose. */
  maxItems?: number;
  /** What each chosen value may be. */
  items: {
    /** The options, each a value with its label. */
    anyOf: {
      /** The value sent back when this option is chosen. */
      const: string;
      /** The label shown for this option. */
      title: string;
    }[];
  };
  /** Values selected at first. */
  default?: string[];
}

/**
 * The older way to label single-choice options, with a parallel `enumNames` list. Deprecated:
 * use `TitledSingleSelectEnumSchema`; it will be removed in a later revision.
 */
export interface LegacyTitledEnumSchema {
  /** Always `string`. */
  type: 'string';
  /** Label shown for the field. */
  title?: string;
  /** Help text shown for the field. */
  description?: string;
  /** The values to choose from. */
  enum: string[];
  /**
   * Labels for the values of `enum`, in the same order; not part of standard JSON Schema
   * 2020-12.
   */
  enumNames?: string[];
  /** Value selected at first. */
  default?: string;
}
