import Foundation
import PlacesCore
import PlacesSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The CLI's policy for a file cut short under a memory map (PlacesCore's `MappingGuard`,
/// installed by `main.swift`): a file that another program cuts short while it is read
/// (`> file`, a download started again over it) makes the next read of a page past its new
/// end raise SIGBUS, which would kill the process. While a mapping is registered here, such a
/// fault inside it prints one `places: error:` line naming the file and exits 74 (an I/O
/// error) instead. A fault anywhere else goes to the handler that was there before, as before.
///
/// The handler only reads a fixed table and calls `read`, `write` and `_exit`, which are safe
/// in a signal handler; registering takes a lock that the handler never takes. Several scanner
/// threads may fault at once: a pipe holding one byte lets the first one print and exit, and
/// the others block in `read` until the process is gone, so the line is printed once.
struct TruncationGuard: MappingGuard {
    func register(_ bytes: UnsafeRawBufferPointer, path: String) -> Int? { Self.register(bytes, path: path) }

    func release(_ slot: Int) { Self.release(slot) }

    /// One registered mapping: its address range and the line to print. `start` 0 is a free slot.
    private struct Slot {
        var start: UInt = 0
        var end: UInt = 0
        var message: UnsafeMutablePointer<UInt8>?
        var length = 0
    }

    /// `places batch` runs up to 64 lines at once, each mapping an extract and its index.
    private static let slotCount = 160
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<Slot> = {
        let slots = UnsafeMutablePointer<Slot>.allocate(capacity: slotCount)
        slots.initialize(repeating: Slot(), count: slotCount)
        return slots
    }()
    nonisolated(unsafe) private static let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 1)
    private static let lock = NSLock()
    nonisolated(unsafe) private static var installed = false
    /// The read end of a pipe that holds one byte: the token a faulting thread takes to print.
    nonisolated(unsafe) private static var token: Int32 = -1

    /// Guards `bytes`, a mapping of `path`; returns the slot to release, nil when every slot
    /// is taken (the mapping is then read unguarded).
    static func register(_ bytes: UnsafeRawBufferPointer, path: String) -> Int? {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return nil }
        let line =
            "places: error: "
            + TerminalText.sanitizedLine(
                "\(path) was cut short while it was being read (another program is writing it?); run the command again when it is complete")
            + "\n"
        return lock.withLock {
            installIfNeeded()
            for i in 0..<slotCount where slots[i].start == 0 {
                let utf8 = Array(line.utf8)
                let message = UnsafeMutablePointer<UInt8>.allocate(capacity: utf8.count)
                message.initialize(from: utf8, count: utf8.count)
                slots[i].message = message
                slots[i].length = utf8.count
                slots[i].end = UInt(bitPattern: base + bytes.count)
                slots[i].start = UInt(bitPattern: base)
                return i
            }
            return nil
        }
    }

    /// Stops guarding the mapping of `slot` (before it is unmapped).
    static func release(_ slot: Int) {
        lock.withLock {
            slots[slot].start = 0
            slots[slot].message?.deallocate()
            slots[slot].message = nil
        }
    }

    private static func installIfNeeded() {
        guard !installed else { return }
        installed = true
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            var one: UInt8 = 1
            // The write end stays open, so a second reader blocks instead of reading end-of-file.
            if write(ends[1], &one, 1) == 1 { token = ends[0] } else { close(ends[0]); close(ends[1]) }
        }
        var action = sigaction()
        #if canImport(Darwin)
        action.__sigaction_u.__sa_sigaction = handler
        #else
        action.__sigaction_handler.sa_sigaction = handler
        #endif
        action.sa_flags = SA_SIGINFO
        sigemptyset(&action.sa_mask)
        sigaction(SIGBUS, &action, previous)
    }

    private static let handler: @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void = { _, info, _ in
        #if canImport(Darwin)
        let address = UInt(bitPattern: info?.pointee.si_addr)
        #else
        let address = UInt(bitPattern: info?.pointee._sifields._sigfault.si_addr)
        #endif
        for i in 0..<TruncationGuard.slotCount {
            let slot = TruncationGuard.slots[i]
            if slot.start != 0, address >= slot.start, address < slot.end, let message = slot.message {
                var byte: UInt8 = 0
                // Only the thread that takes the token prints; the others wait here for the exit.
                if TruncationGuard.token < 0 || read(TruncationGuard.token, &byte, 1) == 1 {
                    _ = write(2, message, slot.length)
                }
                _exit(ExitStatus.ioError)
            }
        }
        // Not a guarded mapping: put the previous handler back; the fault repeats and it runs.
        sigaction(SIGBUS, TruncationGuard.previous, nil)
    }
}
