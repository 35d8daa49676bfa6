/// Showing a name the user gave (a path, an argument, a name read from a file) in a one-line
/// message. Every message that echoes such a name goes through ae_quote, so a name holding a
/// newline or terminal escape bytes can neither split the message nor drive the terminal.
#ifndef AE_QUOTE_H
#define AE_QUOTE_H

#include <stddef.h>

/// A name is shown as it is unless it is empty, starts with a double quote, or holds a control
/// byte (below 0x20, DEL, a UTF-8 C1 control) or bytes that are not UTF-8. Then it is shown in
/// double quotes with C escapes: \n \r \t \" \\ and \xHH for the other such bytes. Returns `name`
/// itself when it needs no quoting, otherwise the quoted form written into buf (cap bytes, at
/// least 8), cut with "..." before the closing quote when it does not fit.
const char *ae_quote(const char *name, char *buf, size_t cap);

/// Room for a quoted name; a name that needs no quoting is never cut.
#define AE_QUOTE_MAX 1024

/// ae_quote into a buffer living until the end of the enclosing block, for printf arguments:
/// `fprintf(stderr, "%s: %s: %s\n", program, AE_QUOTED(path), reason)`.
#define AE_QUOTED(name) ae_quote((name), (char[AE_QUOTE_MAX]){0}, AE_QUOTE_MAX)

#endif
