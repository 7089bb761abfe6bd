import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Draws an SVG file the way a user's browser does, with headless Chromium, and hands back
/// the screenshot decoded: for tests that check what an SVG looks like, not only what it says.
enum HeadlessBrowser {
    /// Why there is no screenshot.
    enum Failure: Error, CustomStringConvertible {
        case noBrowser
        case timedOut(seconds: TimeInterval)
        /// How it ended: "exited with status 1", "was killed by signal 11".
        case failed(String)
        case noScreenshot(path: String)
        case wrongSize(expected: (width: Int, height: Int), actual: (width: Int, height: Int))
        case undecodable(PNGImage.DecodeError)
        case setUp(String)

        var description: String {
            switch self {
            case .noBrowser: HeadlessBrowser.missingMessage
            case .timedOut(let seconds):
                "the headless browser was still running after \(seconds.rounded() == seconds ? "\(Int(seconds))" : "\(seconds)") s and was killed"
            case .failed(let how): "the headless browser \(how)"
            case .noScreenshot(let path): "the headless browser exited but wrote no screenshot at \(path)"
            case .wrongSize(let expected, let actual):
                "the screenshot is \(actual.width)×\(actual.height), not the \(expected.width)×\(expected.height) window asked for"
            case .undecodable(let error): "the screenshot: \(error)"
            case .setUp(let why): "could not set up the headless browser: \(why)"
            }
        }
    }

    /// What a test says when there is no browser to draw with.
    static let missingMessage =
        "no headless browser: none of chromium, chromium-browser, google-chrome is on PATH. CI installs Debian's chromium"
        + " (.ci/run); locally: apt-get install chromium"

    /// The first of Chromium's usual names on `PATH` (then /usr/bin, /usr/local/bin, and the
    /// macOS applications); nil when there is none.
    static let executable: URL? = {
        let names = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let directories = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"]
        let applications = [
            "/Applications/Chromium.app/Contents/MacOS/Chromium", "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
        ]
        let candidates = names.flatMap { name in directories.map { "\($0)/\(name)" } } + applications
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }.map { URL(fileURLWithPath: $0) }
    }()

    /// Chromium takes a second or two; a minute means it hangs.
    static let defaultLimit: TimeInterval = 60

    /// The screenshot of `svgFile` in a `width` × `height` window at one device pixel per CSS
    /// pixel, in sRGB. The browser runs with a profile and `HOME` of its own in a temporary
    /// directory (removed after), and is killed after `limit` seconds.
    static func render(svgFile: URL, width: Int, height: Int, limit: TimeInterval = defaultLimit) throws(Failure) -> PNGImage {
        guard let executable else { throw .noBrowser }
        let scratch: TemporaryDirectory
        do { scratch = try TemporaryDirectory() } catch { throw .setUp("\(error)") }
        // Removed when released: not before the browser is done with it.
        defer { withExtendedLifetime(scratch) {} }
        let screenshot = scratch.file("screenshot.png")
        let process = Process()
        process.executableURL = executable
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
            "--window-size=\(width),\(height)",
            // Colours as the SVG writes them, text without hinting: the same pixels on every machine.
            "--force-color-profile=srgb", "--font-render-hinting=none",
            // Nothing of the user's: a profile of its own, no first-run pages, no extensions,
            // no network of its own, no crash reports, no keyring.
            "--user-data-dir=\(scratch.file("profile"))", "--no-first-run", "--no-default-browser-check", "--disable-extensions",
            "--disable-default-apps", "--disable-sync", "--disable-background-networking", "--disable-component-update",
            "--disable-breakpad", "--password-store=basic", "--use-mock-keychain", "--mute-audio",
            // Containers have a small /dev/shm.
            "--disable-dev-shm-usage",
            "--screenshot=\(screenshot)", svgFile.absoluteURL.absoluteString,
        ]
        let home = scratch.file("home")
        process.environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home,
            "XDG_CONFIG_HOME": home + "/.config", "XDG_CACHE_HOME": home + "/.cache", "XDG_DATA_HOME": home + "/.local/share",
        ]
        // Its stderr is dbus noise; its stdout says where the screenshot went.
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do { try process.run() } catch { throw .setUp("cannot run \(executable.path): \(error)") }
        if finished.wait(timeout: .now() + limit) == .timedOut {
            // Chromium's renderers are its children: on Linux, Process makes the browser the
            // leader of a process group, so the group goes with it.
            let pid = process.processIdentifier
            kill(getpgid(pid) == pid ? -pid : pid, SIGKILL)
            _ = finished.wait(timeout: .now() + 10)
            throw .timedOut(seconds: limit)
        }
        switch (process.terminationReason, process.terminationStatus) {
        case (.exit, 0): break
        case (.exit, let status): throw .failed("exited with status \(status)")
        case (_, let signal): throw .failed("was killed by signal \(signal)")
        }
        guard let data = FileManager.default.contents(atPath: screenshot) else { throw .noScreenshot(path: screenshot) }
        let image: PNGImage
        do { image = try PNGImage(data: [UInt8](data)) } catch { throw .undecodable(error) }
        guard image.width == width, image.height == height else {
            throw .wrongSize(expected: (width, height), actual: (image.width, image.height))
        }
        return image
    }

    /// The screenshot of an SVG document given as text (written to a temporary file first).
    static func render(svg: String, width: Int, height: Int, limit: TimeInterval = defaultLimit) throws(Failure) -> PNGImage {
        let scratch: TemporaryDirectory
        let file: String
        do {
            scratch = try TemporaryDirectory()
            file = try scratch.write("drawing.svg", Data(svg.utf8))
        } catch { throw .setUp("\(error)") }
        defer { withExtendedLifetime(scratch) {} }
        return try render(svgFile: URL(fileURLWithPath: file), width: width, height: height, limit: limit)
    }
}
