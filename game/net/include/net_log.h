/// The match server's log lines (net_server_def.log): one line per event, `event=NAME` and then
/// `key=value` fields, so a log collector splits them without a grammar of their own. Text that
/// came from a player or the network (a name, a close reason) is always quoted and escaped:
/// nothing a client sends can end a line early or forge a field.
///
///   event=join slot=3 agent=3 name="bob" addr=127.0.0.1
///   event=leave slot=3 name="bob" code=1000 reason="bye"
///   event=kick addr=127.0.0.1 slot=3 name="bob" code=1008 reason="too many messages"
///   event=match_start seed=1 map="arena" agents=30 slots=16 join_window_s=30
///   event=match_end tick=5400 winner=12 hash=0123456789abcdef
#ifndef NET_LOG_H
#define NET_LOG_H

#include <stddef.h>

/// Longest quoted text net_log_quote writes for a close reason or a name (every byte escaped as
/// \xNN, the quotes and the terminating zero).
#define NET_LOG_QUOTED_MAX (4 * 124 + 3)

/// Writes s as a double-quoted value into out (cap bytes, always terminated): `"` and `\` are
/// escaped with a backslash, control characters and bytes that are not valid UTF-8 as \xNN;
/// printable UTF-8 stays as it is. Cut short (still quoted) when cap is too small.
void net_log_quote(char *out, size_t cap, const char *s);

#endif
