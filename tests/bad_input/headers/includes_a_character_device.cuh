// Included by include_of_a_header_that_includes_a_character_device.cu.
#include "/dev/urandom"
