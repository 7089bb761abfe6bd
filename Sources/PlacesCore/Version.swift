/// The version `places --version` prints and `User-Agent` carries.
public enum PlacesVersion {
    public static let current = "0.1.0"
}
