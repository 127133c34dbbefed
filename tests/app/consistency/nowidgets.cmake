# Fails when EXECUTABLE needs a Qt library that draws widgets or charts (directly or through
# another library): cplan must run where only Qt Core and Qt Gui are installed.
file(GET_RUNTIME_DEPENDENCIES
  EXECUTABLES ${EXECUTABLE}
  RESOLVED_DEPENDENCIES_VAR resolved
  UNRESOLVED_DEPENDENCIES_VAR unresolved)
set(found "")
foreach(lib IN LISTS resolved unresolved)
  if(lib MATCHES "libQt6(Widgets|Charts|PrintSupport|Svg|OpenGLWidgets)")
    list(APPEND found ${lib})
  endif()
endforeach()
if(found)
  message(FATAL_ERROR "${EXECUTABLE} links ${found}")
endif()
list(FILTER resolved INCLUDE REGEX "libQt6")
message(STATUS "${EXECUTABLE}: Qt libraries ${resolved}")
