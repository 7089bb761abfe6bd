/// The version `places --version` prints and `User-Agent` carries.
package enum PlacesVersion {
    package static let current = "0.1.0"
}
