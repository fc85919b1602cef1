// EXPECT-UNCHANGED
/* Nothing but comments and blank lines: nothing to lower. */

	   
// child<<<1, 1>>>(p); in a comment is not a launch
