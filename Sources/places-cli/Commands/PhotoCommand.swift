import PlacesCore

/// `places photo PLACE_ID`: downloads one photo of a place and says what it saved, with the
/// credits the photo's terms require.
enum PhotoCommand: PlacesCommand {
    static let index = Flag<Int>(
        "index", value: "N", default: 1, range: 1...1000, help: "which photo, in the provider's order, counting from 1 (\(.range))")
    static let maxWidth = Flag<Int?>(
        "max-width", value: "PX", defaultText: "the photo's full size", range: PhotoRequest.sizeRange,
        help: "scale the photo down to at most PX pixels wide (\(.range)), keeping its aspect ratio")
    static let maxHeight = Flag<Int?>(
        "max-height", value: "PX", defaultText: "the photo's full size", range: PhotoRequest.sizeRange,
        help: "scale the photo down to at most PX pixels high (\(.range)), keeping its aspect ratio")
    static let output = Flag<String?>(
        "output", short: "o", value: "FILE", defaultText: "PROVIDER-ID-N.EXT in the current directory", completion: .files,
        help: "save the photo as FILE (into it, when FILE is a directory); - writes its bytes to stdout and what was saved to stderr")

    static let spec = CommandSpec(
        ["photo"], summary: "download a photo of a place, with the credits it must be shown with",
        usage: [.optional(index), .optional(maxWidth), .optional(maxHeight), .optional(output), .optional(OutputFlags.json)],
        positionals: [
            PositionalSpec(
                name: "PLACE_ID", help: "PROVIDER:ID, e.g. google:ChIJN1t_tDeuEmsRUsoyG83frY4, osm:node/2187383214",
                completion: .favoriteIDs)
        ],
        groups: [
            FlagGroup(title: "Photo", flags: [index, maxWidth, maxHeight, output]),
            FlagGroup(title: "Output", flags: [OutputFlags.json]),
            FlagGroup(title: "Provider", flags: [ProviderFlags.data, ProviderFlags.noCache]),
            NetworkFlags.group,
        ],
        examples: [
            "places photo google:ChIJN1t_tDeuEmsRUsoyG83frY4 --max-width 1600",
            "places photo foursquare:4b0588f9f964a520f9db22e3 --index 2 -o cafe.jpg --json",
            "places photo osm:node/2187383214 -o - | display -",
        ],
        notes: [
            "Google: the place's photos (Place Details, field mask photos: Essentials (IDs Only), no charge), then Place Photos for the one asked (billed as Place Details Photos, Enterprise), the key in its header; the image itself comes from the photoUri Google answers, fetched with no key. Foursquare: the place's photos (prefix + size + suffix). OpenStreetMap: the place's image tag, then its wikimedia_commons tag (a Wikimedia Commons file, $PLACES_WIKIMEDIA_URL).",
            "Show the credits with the photo: Google's terms require its authors' names (and links) wherever the photo is shown.",
            "The photo is written whole or not at all: a download that fails, is not a JPEG, PNG, GIF or WebP image, or is over 20 MiB leaves no file. The file name's extension is the image's own format.",
        ])

    static func options(_ args: ParsedArguments, context: RunContext) throws -> PhotoOptions {
        // --json prints what was saved as JSON (the command has no other format).
        let json = try args[OutputFlags.json]
        let output = try args[Self.output]
        if json && output == "-" {
            throw UsageError("--json describes the file saved; with -o - stdout carries the photo's bytes: give -o FILE for --json")
        }
        return PhotoOptions(
            id: try PlaceID(parsing: args.positional(0)),
            request: PhotoRequest(index: try args[Self.index], maxWidth: try args[Self.maxWidth], maxHeight: try args[Self.maxHeight]),
            output: output, json: json,
            network: try SharedOptions.network(args, environment: context.environment),
            providerOptions: try SharedOptions.provider(args))
    }

    static func run(_ options: PhotoOptions, context: RunContext) async throws -> String {
        try await PhotoRunner.run(options, context: context)
    }
}
