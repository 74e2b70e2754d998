# The Debian package spare-studio_<version>_amd64.deb: `scripts/bootstrap.sh package`, or `cpack` in a
# configured and built build folder. Everything it holds is installed as the component "package" under
# CMAKE_INSTALL_PREFIX-relative paths (the package's prefix is /usr); the component "python" stays the
# set-up's copy of the module into an interpreter's platlib and is not packed.
#
# Depends: dpkg-shlibdeps derives the libraries from the binaries themselves; what no binary links
# (Debian's python3 of the module's ABI, NumPy for its events, Qt's platform plugins) is read from the
# entries of scripts/debian-packages.txt marked "# runtime", so there is one package list.
set(spare_package_list ${SPARE_SOURCE_DIR}/scripts/debian-packages.txt)
set_property(DIRECTORY ${SPARE_SOURCE_DIR} APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${spare_package_list})
file(STRINGS ${spare_package_list} spare_runtime_lines REGEX "^[a-z0-9][^#]*#[ ]*runtime")
set(spare_runtime_depends)
foreach(line ${spare_runtime_lines})
  string(REGEX REPLACE "[ \t]*#.*" "" name "${line}")
  if(name STREQUAL "python3" AND SPARE_HAVE_PYTHON)
    # The module is built for one minor version of the interpreter.
    math(EXPR next_minor "${Python3_VERSION_MINOR} + 1")
    list(APPEND spare_runtime_depends "python3 (>= ${Python3_VERSION_MAJOR}.${Python3_VERSION_MINOR})"
         "python3 (<< ${Python3_VERSION_MAJOR}.${next_minor})")
  else()
    list(APPEND spare_runtime_depends ${name})
  endif()
endforeach()
list(JOIN spare_runtime_depends ", " spare_runtime_depends)

set(spare_app_id org.sparestudio.SpareStudio)
set(spare_desktop ${SPARE_SOURCE_DIR}/resources/desktop)

install(TARGETS spare-cli RUNTIME DESTINATION bin COMPONENT package)
install(DIRECTORY ${SPARE_SOURCE_DIR}/scenarios/ DESTINATION share/spare/scenarios COMPONENT package)
if(TARGET spare-studio)
  install(TARGETS spare-studio RUNTIME DESTINATION bin COMPONENT package)
  install(FILES ${spare_desktop}/${spare_app_id}.desktop DESTINATION share/applications COMPONENT package)
  install(FILES ${spare_desktop}/${spare_app_id}.metainfo.xml DESTINATION share/metainfo COMPONENT package)
  install(FILES ${spare_desktop}/icons/${spare_app_id}.svg DESTINATION share/icons/hicolor/scalable/apps
          COMPONENT package)
  # icon-N.png: the SVG rendered at N x N pixels (Qt's QSvgRenderer), for menus that take no SVG.
  foreach(size 16 24 32 48 64 128 256)
    install(FILES ${spare_desktop}/icons/icon-${size}.png DESTINATION share/icons/hicolor/${size}x${size}/apps
            RENAME ${spare_app_id}.png COMPONENT package)
  endforeach()
endif()

# Man pages from each program's --help and --version, at build time (seconds).
find_program(SPARE_HELP2MAN help2man)
if(SPARE_HELP2MAN)
  set(spare_man_pages)
  set(spare_man_spare-cli "simulate, sweep, plan and validate SPARe fault tolerance for LLM training")
  set(spare_man_spare-studio "watch SPARe, replication and checkpoint-only training runs fail and recover")
  foreach(program spare-cli spare-studio)
    if(TARGET ${program})
      set(page ${CMAKE_BINARY_DIR}/man/${program}.1)
      add_custom_command(OUTPUT ${page}.gz
        COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/man
        COMMAND ${SPARE_HELP2MAN} --no-info --name ${spare_man_${program}} --output ${page} $<TARGET_FILE:${program}>
        COMMAND gzip -9nf ${page}
        DEPENDS ${program} VERBATIM)
      list(APPEND spare_man_pages ${page}.gz)
    endif()
  endforeach()
  add_custom_target(spare_man_pages ALL DEPENDS ${spare_man_pages})
  install(FILES ${spare_man_pages} DESTINATION share/man/man1 COMPONENT package)
else()
  message(STATUS "help2man not found: no man pages (scripts/bootstrap.sh installs it)")
endif()

# cpack packs what the build made: checking that every target is up to date first took 36 s of a
# no-op make on a built tree (scripts/bootstrap.sh package builds, then packs).
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY ON)
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME spare-studio)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Simulator of SPARe fault tolerance for LLM training (GUI, CLI, Python)")
set(CPACK_PACKAGE_DESCRIPTION "SPARe Studio simulates SPARe, replication and checkpoint-only recovery of a\n\
large-model training run on a GPU cluster. spare-studio plays runs in a window, spare-cli\n\
answers from the command line and the spare_studio module from Python.")
set(CPACK_PACKAGE_CONTACT "SPARe Studio developers")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_INSTALL_CMAKE_PROJECTS "${CMAKE_BINARY_DIR};${PROJECT_NAME};package;/")
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "${spare_runtime_depends}")
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA ${SPARE_SOURCE_DIR}/resources/debian/postinst
    ${SPARE_SOURCE_DIR}/resources/debian/prerm)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
include(CPack)
