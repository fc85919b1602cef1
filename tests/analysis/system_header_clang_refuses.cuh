// A system header (as -isystem makes one) that clang finds an error in.
#pragma GCC system_header
int clang_refuses_this = ;
