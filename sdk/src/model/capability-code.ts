// The capability code format, in one place. This file imports nothing, so that entitlements can
// check a code without bundling the model's schemas. Internal: not exported from any entry point.

/** A capability code such as `PA-CAP-006`: upper-case words of letters and digits joined by dashes. */
export const CAPABILITY_CODE_PATTERN = /^[A-Z][A-Z0-9]*(-[A-Z0-9]+)+$/;
