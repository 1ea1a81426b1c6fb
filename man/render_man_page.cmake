# Renders one man page: cmake -DSCDOC=scdoc -DSOURCE=page.1.scd -DOUTPUT=page.1 -P <this>
# writes OUTPUT (roff) and OUTPUT.gz (gzip -9n: no name or time stamp, so the same source always
# gives the same bytes).
execute_process(COMMAND ${SCDOC} INPUT_FILE ${SOURCE} OUTPUT_FILE ${OUTPUT} ERROR_VARIABLE error
                RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  file(REMOVE ${OUTPUT})
  message(FATAL_ERROR "scdoc ${SOURCE}: ${error}")
endif()
execute_process(COMMAND gzip -9nc INPUT_FILE ${OUTPUT} OUTPUT_FILE ${OUTPUT}.gz RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  file(REMOVE ${OUTPUT}.gz)
  message(FATAL_ERROR "gzip ${OUTPUT} failed")
endif()
