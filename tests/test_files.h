/// Files for tests: a scratch folder of their own, removing a tree, counting a folder's files.
#ifndef ARENA_TEST_FILES_H
#define ARENA_TEST_FILES_H

#include <stdbool.h>
#include <stddef.h>

/// Makes a new folder /tmp/arena-NAME-XXXXXX (mkdtemp's template) and writes its path to dir.
bool test_scratch(char *dir, size_t n, const char *name);
/// Removes path and, for a folder, everything in it (making folders writable on the way).
void test_remove_tree(const char *path);
/// The files in a folder, dot files left out (-1: no folder).
int test_files_in(const char *dir);

#endif
