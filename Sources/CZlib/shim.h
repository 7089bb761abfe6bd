// zlib, as the operating system ships it (Debian: zlib1g-dev for the header), for
// inflating the zlib blobs of OpenStreetMap PBF files.
#include <zlib.h>
