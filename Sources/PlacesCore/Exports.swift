// What an app sees through `import PlacesCore`: besides the client, the public values it
// speaks (places, requests, answers, errors; positions), declared in the targets below.
@_exported import PlacesGeodesy
@_exported import PlacesModel
