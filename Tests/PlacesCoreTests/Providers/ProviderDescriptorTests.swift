import Testing

@testable import PlacesCore
@testable import PlacesHTTP
@testable import PlacesModel
@testable import PlacesOSM
@testable import PlacesOSMExtract
@testable import PlacesProviderKit
@testable import places_cli

/// The registries every list of providers and services reads: each provider and service
/// once, and the CLI's table of variables naming each keyed service's key.
struct ProviderDescriptorTests {
    @Test func theRegistryHoldsEveryProviderOnceInNameOrder() {
        #expect(ProviderDescriptor.all.map(\.name) == ProviderName.allCases)
        for name in ProviderName.allCases { #expect(name.descriptor.name == name) }
        #expect(Set(ProviderName.allCases.map(\.profile.letter)).count == ProviderName.allCases.count)
    }

    @Test func theRegistryHoldsEveryServiceOnce() {
        #expect(Set(ServiceDescriptor.all.map(\.service)) == Set(PlacesError.Service.allCases))
        #expect(ServiceDescriptor.all.count == PlacesError.Service.allCases.count)
        for service in PlacesError.Service.allCases { #expect(service.descriptor.service == service) }
    }

    @Test func aProviderThatNeedsAKeyHasAKeyVariableAndOneThatDoesNotHasNone() {
        for provider in ProviderDescriptor.all {
            #expect((ServiceVariables.key(provider.name) != nil) == provider.needsKey, "\(provider.name)")
        }
        #expect(ServiceVariables.keyVariables == ["GOOGLE_MAPS_API_KEY", "FOURSQUARE_API_KEY"])
        #expect(Set(PlacesError.Service.allCases.map(ServiceVariables.baseURL)).count == PlacesError.Service.allCases.count)
    }

    @Test func aSourceMakesTheProviderItNames() {
        #expect(PlacesClient.Source.google(apiKey: "k").parts().provider == .google)
        #expect(PlacesClient.Source.foursquare(apiKey: "k").parts().provider == .foursquare)
        #expect(PlacesClient.Source.overpass().parts().provider == .osm)
    }
}
