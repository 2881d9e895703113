// zod-free, so the zod/mini contracts of the first page (login) use it without pulling in classic zod

// C0 controls except tab/LF/CR, DEL and the C1 controls; single-line texts refuse tab/LF/CR as well
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const controlMultiline = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const controlSingleLine = /[\u0000-\u001F\u007F-\u009F]/;
// a high surrogate not followed by a low one, or a low one not preceded by a high one (not valid UTF-16)
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * True when a text holds no control characters (tab and line breaks only in a `multiline` text) and no lone UTF-16
 * surrogates. PostgreSQL refuses a NUL byte (the query fails) and a lone surrogate cannot be written as UTF-8.
 */
export function isCleanText(value: string, multiline = false): boolean {
  return !(multiline ? controlMultiline : controlSingleLine).test(value) && !loneSurrogate.test(value);
}

export const textCharsMessage = 'Bitte entferne Steuerzeichen und ungültige Zeichen aus dem Text.';
