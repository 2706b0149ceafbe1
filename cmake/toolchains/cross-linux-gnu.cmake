# Common part of the Debian cross toolchains (g++-<triple>, qemu-user).
# Expects NGCC_CROSS_TRIPLE and NGCC_CROSS_QEMU; the target's libraries
# (OpenSSL; for aarch64 also GoogleTest, Google Benchmark, yaml-cpp) come
# from NGCC_CROSS_DEPS, a directory into which tools/ngcc cross unpacks
# Debian's packages of that architecture (dpkg -x), so the host needs no
# multiarch installation.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_C_COMPILER ${NGCC_CROSS_TRIPLE}-gcc)
set(CMAKE_CXX_COMPILER ${NGCC_CROSS_TRIPLE}-g++)
set(CMAKE_LIBRARY_ARCHITECTURE ${NGCC_CROSS_TRIPLE})

if(NOT NGCC_CROSS_DEPS)
  set(NGCC_CROSS_DEPS ${CMAKE_CURRENT_LIST_DIR}/../../build/cross-deps/${NGCC_CROSS_TRIPLE})
endif()
get_filename_component(NGCC_CROSS_DEPS ${NGCC_CROSS_DEPS} ABSOLUTE)

set(CMAKE_FIND_ROOT_PATH /usr/${NGCC_CROSS_TRIPLE} ${NGCC_CROSS_DEPS})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(_lib ${NGCC_CROSS_DEPS}/usr/lib/${NGCC_CROSS_TRIPLE})
set(OPENSSL_INCLUDE_DIR ${NGCC_CROSS_DEPS}/usr/include CACHE PATH "")
set(OPENSSL_CRYPTO_LIBRARY ${_lib}/libcrypto.so CACHE FILEPATH "")
set(OPENSSL_SSL_LIBRARY ${_lib}/libssl.so CACHE FILEPATH "")
# opensslconf.h/configuration.h live in the multiarch include directory: a
# system include directory, not a flag of the modules' compile line.
set(CMAKE_C_STANDARD_INCLUDE_DIRECTORIES ${NGCC_CROSS_DEPS}/usr/include/${NGCC_CROSS_TRIPLE})
set(CMAKE_CXX_STANDARD_INCLUDE_DIRECTORIES ${NGCC_CROSS_DEPS}/usr/include/${NGCC_CROSS_TRIPLE})
set(CMAKE_EXE_LINKER_FLAGS_INIT "-Wl,-rpath-link,${_lib}")

# ctest runs every target executable (ngcc-kat) under qemu-user, with
# NGCC_CROSS_DEPS as the guest's root (qemu -L looks there first): lib/ is the
# cross toolchain's glibc, usr/lib/<triple> OpenSSL. The KAT tests pass
# --jobs 1 there (kat_tests/KatTests.cmake): qemu-user 7.2 stalls on threads.
if(EXISTS ${NGCC_CROSS_DEPS}/usr)
  file(CREATE_LINK /usr/${NGCC_CROSS_TRIPLE}/lib ${NGCC_CROSS_DEPS}/lib SYMBOLIC)
endif()
# nlohmann-json is header-only and arch-independent: the host's copy.
set(nlohmann_json_DIR /usr/share/cmake/nlohmann_json CACHE PATH "")
set(CMAKE_CROSSCOMPILING_EMULATOR ${NGCC_CROSS_QEMU} -L ${NGCC_CROSS_DEPS} -E LD_LIBRARY_PATH=${_lib})
