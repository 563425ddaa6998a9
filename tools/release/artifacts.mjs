// Extra release artifacts built by the rehearsal, after `changeset version` and before publishing:
// the language bindings' packages (wheel, crate, jar, …) and anything else a release ships besides
// the npm tarballs. Each entry is `{ name, build }`; `build({ clone, run, log })` builds in the
// throw-away clone (`run(command, args, options?)` runs a command there and throws on failure) and
// returns a line describing what it produced. Add a builder with one line here.
import { bindingArtifacts } from '../bindings/release.mjs';

export const ARTIFACT_BUILDERS = [bindingArtifacts];
