/// Where a point is, as rows of the bundled gazetteer (PlacesGazetteer's
/// `Gazetteer.localityFinder`, read by `CityOnlyRecords`): the row of the city the point is
/// in or nearest to, and the row of the section of it nearest the point, each with its
/// WGS84 distance from the point in metres.
package struct LocalityRows: Sendable, Hashable {
    /// The city's row.
    package var city: Int
    package var cityMeters: Double
    /// The district's row, nil for none.
    package var district: Int?
    /// The district's distance; 0 when there is none.
    package var districtMeters: Double

    package init(city: Int, cityMeters: Double, district: Int? = nil, districtMeters: Double = 0) {
        self.city = city
        self.cityMeters = cityMeters
        self.district = district
        self.districtMeters = districtMeters
    }
}
