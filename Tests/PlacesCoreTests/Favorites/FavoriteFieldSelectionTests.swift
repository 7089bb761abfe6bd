import Testing

@testable import PlacesCore
@testable import PlacesModel
@testable import PlacesSupport
@testable import places_cli

@Suite("favorite list --fields")
struct FavoriteFieldSelectionTests {
    @Test func venueFieldsThenTheFavoritesOwn() throws {
        let exact = try FavoriteFieldSelection.parse("note,id,name")
        #expect(exact.venue.fields == [.id, .name] && exact.extras == [.note])
        let added = try FavoriteFieldSelection.parse("+rating")
        #expect(added.venue.fields == VenueField.defaultSet + [.rating] && added.extras == [.addedAt, .note, .alias])
        let onlyExtras = try FavoriteFieldSelection.parse("addedAt")
        #expect(onlyExtras.venue.fields.isEmpty && onlyExtras.extras == [.addedAt])
        let all = try FavoriteFieldSelection.parse("all")
        #expect(all.venue.fields == VenueField.contractFields && all.extras == [.addedAt, .note, .alias])
        #expect(FavoriteFieldSelection.default.venue == .default)
    }

    /// Repeated --fields apply in order: `+` adds to what came before, a plain list replaces it.
    @Test func repeatedFieldsApplyInOrder() throws {
        let plus = try FavoriteFieldSelection.parse(["+rating", "+phone"])
        #expect(plus.venue.fields == VenueField.defaultSet + [.rating, .phone])
        let replaced = try FavoriteFieldSelection.parse(["+rating", "id,alias"])
        #expect(replaced.venue.fields == [.id] && replaced.extras == [.alias])
        let venue = try FieldSelection.parse(["id", "+rating", "+rating"])
        #expect(venue.fields == [.id, .rating])
    }

    @Test func mixingOrUnknownNamesAreUsageErrors() {
        for text in ["id,+note", "+id,note", "nte", "id,,name", "+"] {
            #expect(throws: UsageError.self, "\(text)") { try FavoriteFieldSelection.parse(text) }
        }
        #expect { try FavoriteFieldSelection.parse("notes") } throws: {
            ($0 as? UsageError)?.message.contains("did you mean note?") == true
        }
    }
}
