// Exposed by every remote as './BuildInfo' (see rspack.base.ts) and compiled into each remote's own
// build, so the shell can show which build of a section is live. Not exported from the client index:
// that module is the shell's singleton, and this value must come from the remote itself.
declare const __UN_BUILD_LABEL__: string;

export const buildLabel: string = __UN_BUILD_LABEL__;
