// zod-free, so the zod/mini contracts of the first page (login) use it without pulling in classic zod

// C0 controls except tab/LF/CR, DEL, the C1 controls and the bidirectional embeddings, overrides and isolates
// (U+202A–U+202E, U+2066–U+2069: a right-to-left override shows "gpj.exe" as "exe.jpg"); single-line texts refuse
// tab/LF/CR as well
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const controlMultiline = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const controlSingleLine = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
// a high surrogate not followed by a low one, or a low one not preceded by a high one (not valid UTF-16)
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * True when a text holds no control characters (tab and line breaks only in a `multiline` text), no bidirectional
 * override or isolate and no lone UTF-16 surrogates. PostgreSQL refuses a NUL byte (the query fails), a lone
 * surrogate cannot be written as UTF-8, and an override makes a text read differently from what it is.
 */
export function isCleanText(value: string, multiline = false): boolean {
  return !(multiline ? controlMultiline : controlSingleLine).test(value) && !loneSurrogate.test(value);
}

export const textCharsMessage = 'Bitte entferne Steuerzeichen und ungültige Zeichen aus dem Text.';

const controlEverywhere = new RegExp(controlSingleLine.source, 'g');
const loneSurrogateEverywhere = new RegExp(loneSurrogate.source, 'g');

/**
 * What a one-line search box keeps of a text typed or pasted into it: the characters `isCleanText` refuses become
 * spaces (a cell copied from a spreadsheet brings tabs: "Müller⇥Anna" searches "Müller Anna"), so the search sent is
 * what the box shows, and the server never refuses it (a lone surrogate, half of a character, is dropped). Before,
 * the list's address parser dropped such a text and the box was emptied under the person's hands.
 */
export function asSearchText(value: string): string {
  return value.replace(controlEverywhere, ' ').replace(loneSurrogateEverywhere, '');
}
