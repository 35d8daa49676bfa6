# CPack runs this on the staged files before it makes the .deb (CPACK_PRE_BUILD_SCRIPTS): Debian
# keeps games in /usr/games, not /usr/bin. The programs find their assets by the path from their
# own folder, ../share/arena, which is the same from games/ as from bin/; any other bin folder
# (CMAKE_INSTALL_BINDIR) is the builder's choice and stays.
set(usr "${CPACK_TEMPORARY_INSTALL_DIRECTORY}${CPACK_PACKAGING_INSTALL_PREFIX}")
if(CPACK_ARENA_BINDIR STREQUAL "bin" AND IS_DIRECTORY "${usr}/bin")
  file(RENAME "${usr}/bin" "${usr}/games")
endif()
