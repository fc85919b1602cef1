// EXPECT-UNCHANGED
// Comments in Latin-1 (not UTF-8), and no device-side launch: café, ©.
__global__ void child(int *p) { p[0] = 1; } /* à la carte */
