import Foundation
import PlacesCore
import PlacesHTTP
import PlacesSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `places batch`: reads the lines, runs up to `--jobs` of them at once in this process (each
/// through `BatchLineRunner`, all sharing one set of request gates), and writes each record
/// whole, in input order, as soon as every line before it is written.
enum BatchRunner {
    /// Lines finished ahead of the oldest unwritten one that are held at most, per job.
    static let aheadPerJob = 64

    static func run(_ args: ParsedArguments, context: RunContext, streams: CLI.Streams) async throws -> Int32 {
        let options = try BatchCommand.options(args, context: context)
        if let resume = options.resume { try refuseOutputFile(resume) }
        let data = options.lineFlags.last { $0.0 == ProviderFlags.data.name }?.1
        try BatchStreams.refuse(data: data, input: options.input, environment: context.value("PLACES_OSM_DATA"))
        let notes = context.diagnostics
        let lines = BatchLine.lines(of: try BatchInput.read(options.input, role: "batch input", diagnostics: notes))
        let resume =
            try options.resume.map { BatchResume(previousOutput: try BatchInput.read($0, role: "output to resume", diagnostics: notes)) }
            ?? BatchResume()

        let progress = BatchProgress(total: lines.count, stderr: streams.stderr, isTerminal: isatty(STDERR_FILENO) == 1)
        let limits = RateLimits(requestsPerSecond: options.requestsPerSecond, services: ServiceDescriptor.all)
        let wording = context.diagnostics.wording
        let window = options.jobs * aheadPerJob

        var ready: [Int: (text: String, code: Int32, line: Int, error: String?)] = [:]
        var failures = 0
        var firstFailed: (line: Int, error: String)?
        var nextToStart = 0, nextToWrite = 0, running = 0
        var firstFailure: Int32 = 0
        var stopped: StandardStreams.WriteResult?
        var lostLine: Int?

        await withTaskGroup(of: (Int, BatchRecord).self) { group in
            while true {
                while nextToStart < lines.count, running < options.jobs, nextToStart - nextToWrite < window {
                    let index = nextToStart, line = lines[index]
                    nextToStart += 1
                    if let earlier = resume.record(for: line) {
                        ready[index] = (earlier.text, 0, line.number, nil)
                        progress.finished(failed: false)
                        continue
                    }
                    running += 1
                    var lineContext = context
                    lineContext.terminal = .plain
                    lineContext.diagnostics = progress.diagnostics(line: line.number, wording: wording)
                    lineContext.rateLimits = limits
                    // What --record stores as the command that made an exchange: the line's own.
                    lineContext.arguments = line.args
                    // A line's output is its record, and the batch draws its own progress.
                    lineContext.progress = nil
                    lineContext.writeOutput = nil
                    lineContext.writeBytes = nil
                    let flags = options.lineFlags, lineContextCopy = lineContext
                    group.addTask {
                        // Bound before the tuple is made (docs/toolchain-issues.md).
                        let record = await BatchLineRunner.run(line, batchFlags: flags, context: lineContextCopy)
                        return (index, record)
                    }
                }
                while let record = ready.removeValue(forKey: nextToWrite) {
                    let written = streams.stdout.write(record.text)
                    if written != .written {
                        stopped = written
                        // The lines still running are cancelled: what they would say is no news.
                        progress.silence()
                        break
                    }
                    if record.code != 0 {
                        failures += 1
                        if firstFailure == 0 { firstFailure = record.code; firstFailed = (record.line, record.error ?? "") }
                    }
                    nextToWrite += 1
                }
                if stopped != nil || nextToWrite == lines.count { break }
                guard let (index, record) = await group.next() else {
                    // Nothing runs and the next record is not ready: it can never come.
                    lostLine = nextToWrite + 1
                    break
                }
                running -= 1
                ready[index] = (record.text, record.exitCode, record.line, record.error)
                progress.finished(failed: record.exitCode != 0)
            }
            group.cancelAll()
        }
        progress.finish()
        if let lostLine {
            return streams.fail("internal error: line \(lostLine) of the batch ended without a record", code: ExitStatus.software)
        }
        switch stopped {
        case .failed(let code)?: return streams.fail(CLI.Streams.writeFailure(code), code: ExitStatus.ioError)
        case .closedPipe?: return 0
        default:
            // One error line for the whole batch, as for any failed command: the records say the rest.
            guard let firstFailed else { return 0 }
            return streams.fail(
                "\(failures) of \(lines.count) batch lines failed; the first, line \(firstFailed.line): \(firstFailed.error)",
                code: firstFailure)
        }
    }

    /// `--resume FILE > FILE` would read a file the shell has just emptied, and `>> FILE`
    /// would add every line again: the output must go elsewhere.
    private static func refuseOutputFile(_ path: String) throws {
        var output = stat(), previous = stat()
        guard fstat(STDOUT_FILENO, &output) == 0, stat(path, &previous) == 0 else { return }
        if output.st_dev == previous.st_dev && output.st_ino == previous.st_ino {
            throw UsageError(
                "--resume \(TerminalText.sanitizedLine(path)) is also where the output goes (the shell empties it with >, and >> would repeat its lines): write the output to another file"
            )
        }
    }
}
