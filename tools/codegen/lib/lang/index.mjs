// The languages bindings are generated for, in the order of lang/README.md.
import { csharp } from './csharp.mjs';
import { go } from './go.mjs';
import { kotlin } from './kotlin.mjs';
import { python } from './python.mjs';
import { rust } from './rust.mjs';
import { swift } from './swift.mjs';
import { typescript } from './typescript.mjs';

/**
 * Each a module of this folder: quicktype's renderer name (`lang`), its options, the output path
 * under `lang/` for a revision, an optional own header, and the post-processing of its output.
 */
export const LANGUAGES = [python, go, rust, csharp, kotlin, swift, typescript];
