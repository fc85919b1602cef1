// A template that only some arguments instantiate without an error.
template <class T> struct holder {
    typename T::value_type value;
};
