# Reads the layer table, cmake/layers.txt, for one tree (engine or ui):
#   SPARE_LAYERS_<tree>            its layers in the table's order, the files directly in the tree's folder
#                                  apart (they are no folder)
#   SPARE_LAYER_USES_<tree>_<layer> the layers that line lists; <layer> ROOT for the files directly in
#                                  the tree's folder
# scripts/check-layers.py checks the table itself (cycles, tabs, unused entries) and every include.
function(spare_read_layers tree)
  set(table ${SPARE_SOURCE_DIR}/cmake/layers.txt)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${table})
  file(STRINGS ${table} lines REGEX "^${tree}[/ :(]")
  set(layers "")
  foreach(line IN LISTS lines)
    if(NOT line MATCHES "^${tree}(/([a-z_]+))?( +\\(tab\\))? *:(.*)$")
      message(FATAL_ERROR "cmake/layers.txt: cannot read \"${line}\"; a line is FOLDER [(tab)]: LAYER...")
    endif()
    set(layer "${CMAKE_MATCH_2}")
    string(REGEX MATCHALL "[^ \t]+" uses "${CMAKE_MATCH_4}")
    foreach(use IN LISTS uses)
      if(NOT use IN_LIST layers)
        message(FATAL_ERROR "cmake/layers.txt: ${tree}/${layer} uses ${use}, which is not a layer of ${tree}/ "
                            "listed above it")
      endif()
    endforeach()
    if(layer STREQUAL "")
      set(layer ROOT)
    else()
      list(APPEND layers ${layer})
    endif()
    set(SPARE_LAYER_USES_${tree}_${layer} ${uses} PARENT_SCOPE)
  endforeach()
  set(SPARE_LAYERS_${tree} ${layers} PARENT_SCOPE)
endfunction()
