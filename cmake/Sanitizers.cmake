# ASan + UBSan for every target when CLONEBENCH_SANITIZE is on; failures abort the test.
if(CLONEBENCH_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-sanitize-recover=all
                      -fno-omit-frame-pointer)
  add_link_options(-fsanitize=address,undefined)
endif()
