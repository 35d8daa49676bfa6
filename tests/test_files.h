/// Files for tests: a scratch folder of their own, removing a tree, counting a folder's files,
/// writing and reading a small file whole.
#ifndef ARENA_TEST_FILES_H
#define ARENA_TEST_FILES_H

#include <stdbool.h>
#include <stddef.h>

/// Makes a new folder /tmp/arena-NAME-XXXXXX (mkdtemp's template) and writes its path to dir; it
/// and what is in it are removed when the test process exits.
bool test_scratch(char *dir, size_t n, const char *name);
/// Removes path and, for a folder, everything in it (making folders writable on the way).
void test_remove_tree(const char *path);
/// The files in a folder, dot files left out (-1: no folder).
int test_files_in(const char *dir);
/// Writes n bytes to path (made or emptied); false when any step fails.
bool test_write_file(const char *path, const void *data, size_t n);
/// Reads path's first cap bytes (the whole of a smaller file) into buf: how many, -1 when it
/// cannot be opened.
long test_read_file(const char *path, void *buf, size_t cap);

#endif
