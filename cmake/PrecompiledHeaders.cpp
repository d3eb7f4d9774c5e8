// The source that TilechainPrecompiledHeaders needs in order to exist: its
// product is the precompiled cmake/PrecompiledHeaders.h, not this object.
