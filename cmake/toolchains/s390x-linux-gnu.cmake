# s390x (big-endian), Debian g++-s390x-linux-gnu, run under qemu-s390x.
set(CMAKE_SYSTEM_PROCESSOR s390x)
set(NGCC_CROSS_TRIPLE s390x-linux-gnu)
set(NGCC_CROSS_QEMU qemu-s390x)
include(${CMAKE_CURRENT_LIST_DIR}/cross-linux-gnu.cmake)
