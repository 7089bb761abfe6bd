import PlacesCore
import PlacesModel

/// A chunk of `reverse -`'s lines answered by an answer that may be asked from every thread
/// at once (`ReverseStream.Answerer.shared`: an extract's index held open): each line's
/// record as the one-by-one stream writes it. A point whose answer fails ends the chunk
/// with that failure, as it ends the one-by-one stream.
enum SharedChunkAnswer {
    static func answer(
        _ chunk: ReverseChunks.Chunk, format: ReverseStream.Format, _ ask: @Sendable (Coordinate) async throws -> ReverseGeocode
    ) async -> ReverseChunks.Chunk.Answer {
        var lines: [(number: Int, line: ReverseChunks.Chunk.Line)] = []
        lines.reserveCapacity(chunk.lineEnds.count)
        chunk.forEachLine { number, line in lines.append((number, line)) }
        var answer = ReverseChunks.Chunk.Answer()
        answer.marks.reserveCapacity(lines.count)
        for (number, line) in lines {
            switch line {
            case .tooLong:
                answer.records.append(contentsOf: format.errorRecord(line: number, message: StreamLines.tooLongMessage).utf8)
                answer.mark(number, .tooLong)
            case .bad(let message):
                answer.records.append(contentsOf: format.errorRecord(line: number, message: message).utf8)
                answer.mark(number, .bad)
            case .point(let point):
                do {
                    answer.records.append(contentsOf: format.record(try await ask(point), line: number).utf8)
                } catch {
                    answer.failure = error
                    return answer
                }
                answer.mark(number, .point)
            }
        }
        return answer
    }
}
