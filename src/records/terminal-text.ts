// Text a command-line tool did not make (a server's answer or headers, content text, a file name, a
// log line) written to a terminal (FO-TERMINAL-TEXT). A terminal obeys the control characters in
// what it prints: ESC starts ANSI/ECMA-48 sequences (CSI clears the screen, OSC sets the window
// title or writes the clipboard), C1 controls (U+0080–U+009F) are the same sequences in one
// character for many terminals, CR and BS overwrite a line, LF fakes one, and the bidi controls
// (Unicode UAX #9) reorder what is read. An allow-list: every such character is written as a
// visible escape instead, so the text reads as what it is and runs nothing.

/** C0 (U+0000–U+001F), DEL, C1 (Cc), the bidi controls (Bidi_Control), and the line/paragraph separators. */
const CONTROL = /[\p{Cc}\p{Bidi_Control}\u2028\u2029]/gu;

const escapeOne = (ch: string) => {
  const code = ch.codePointAt(0)!;
  return code <= 0xff ? `\\x${code.toString(16).toUpperCase().padStart(2, '0')}` : `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
};

/**
 * The text with every control character escaped visibly (`\x1B`, `\x0A`, `\u202E`): one line,
 * whatever it holds. Everything else (letters of any script, emoji, punctuation) is left as is.
 */
export const terminalText = (text: string): string => String(text).replace(CONTROL, (c) => escapeOne(c));

/**
 * A tool's whole output, its own line breaks kept: each line through `terminalText`. For output
 * whose lines the tool made but whose fragments it did not (a report, a summary); a fragment's own
 * line break should already have been escaped where it was put in.
 */
export const terminalLines = (text: string): string =>
  String(text)
    .split('\n')
    .map((line) => terminalText(line))
    .join('\n');

/** What JSON.stringify leaves raw that a terminal or a log viewer would obey: DEL, C1, the bidi controls, U+2028/U+2029 (C0 it escapes already). */
const JSON_RAW_CONTROL = /[\u007f-\u009f\p{Bidi_Control}\u2028\u2029]/gu;

/**
 * One JSON line, as JSON.stringify writes it but with every control character a `\uXXXX` escape:
 * the same value to a JSON reader, nothing a terminal obeys when the line is printed as it is
 * (the function's request log, which `npm start` and `npm run dev` print).
 */
export const terminalJson = (value: unknown): string =>
  JSON.stringify(value).replace(JSON_RAW_CONTROL, (ch) => `\\u${ch.codePointAt(0)!.toString(16).padStart(4, '0')}`);
