# Fails when BINARY lists libvulkan among its needed libraries (it must load Vulkan at run time).
execute_process(COMMAND readelf -d ${BINARY} OUTPUT_VARIABLE dynamic RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "readelf failed on ${BINARY}")
endif()
if(dynamic MATCHES "libvulkan")
  message(FATAL_ERROR "${BINARY} links libvulkan at load time")
endif()
message(STATUS "${BINARY} does not link libvulkan")
