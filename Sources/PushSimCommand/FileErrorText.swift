import Foundation

/// The one-line text of a runtime file error (exit status 1): `cannot write <path>:
/// <reason>` or `cannot read <path>: <reason>`, instead of Foundation's
/// `Error Domain=NSCocoaErrorDomain Code=512 "(null)" UserInfo={…}`. The path is the one the
/// user named: a report's temporary file (`.<name>.<tag>-<n>.partial`, `AtomicFile`) is
/// reported as the report itself. The reason is the underlying POSIX error's (`Not a
/// directory`, `No space left on device`), else the Cocoa code's meaning.
enum FileErrorText {
    /// The text for `error`, or nil when it is no file error (a `CocoaError` with a file
    /// code, or a `POSIXError`).
    static func describe(_ error: any Error) -> String? {
        let ns = error as NSError
        if let posix = error as? POSIXError {
            return "file error: \(reason(posix.code.rawValue))"
        }
        guard ns.domain == NSCocoaErrorDomain, (4...4).contains(ns.code) || (256...642).contains(ns.code) else { return nil }
        let path = (ns.userInfo[NSFilePathErrorKey] as? String) ?? (ns.userInfo[NSURLErrorKey] as? URL)?.path
        let underlying = ns.userInfo[NSUnderlyingErrorKey]
        let posix = (underlying as? POSIXError)?.code.rawValue
            ?? (underlying as? NSError).flatMap { $0.domain == NSPOSIXErrorDomain ? Int32($0.code) : nil }
        let unspecific = [CocoaError.fileWriteNoPermission.rawValue, CocoaError.fileWriteUnknown.rawValue].contains(ns.code)
        let why = posix.map(reason) ?? path.flatMap { unspecific ? folderProblem($0) : nil } ?? cocoaReason(ns.code)
        let verb = (256..<512).contains(ns.code) ? "read" : "write"
        return "cannot \(verb) \(path.map(userPath) ?? "a file"): \(why)"
    }

    /// `path`, or for a temporary file `.<name>.<tag>-<n>.partial` the file it stands for.
    static func userPath(_ path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let name = url.lastPathComponent
        guard name.hasPrefix("."), name.hasSuffix(".partial"),
              let range = name.range(of: #"^\.(.+)\.[^.]+-[0-9]+\.partial$"#, options: .regularExpression), range == name.startIndex..<name.endIndex
        else { return path }
        let inner = name.dropFirst().dropLast(".partial".count)
        guard let dot = inner.lastIndex(of: ".") else { return path }
        return url.deletingLastPathComponent().appendingPathComponent(String(inner[..<dot])).path
    }

    /// Why nothing can be created at `path` when its folder is missing or no folder (a
    /// failed `createFile` reports only "no permission"), else nil.
    static func folderProblem(_ path: String) -> String? {
        var isFolder: ObjCBool = false
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else { return reason(ENOENT) }
        return isFolder.boolValue ? nil : reason(ENOTDIR)
    }

    /// `strerror`'s text for a POSIX error number.
    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// What a Cocoa file error code means when no POSIX error came with it.
    static func cocoaReason(_ code: Int) -> String {
        switch code {
        case CocoaError.fileNoSuchFile.rawValue, CocoaError.fileReadNoSuchFile.rawValue: return "No such file or directory"
        case CocoaError.fileReadNoPermission.rawValue, CocoaError.fileWriteNoPermission.rawValue: return "Permission denied"
        case CocoaError.fileWriteOutOfSpace.rawValue: return "No space left on device"
        case CocoaError.fileWriteVolumeReadOnly.rawValue: return "Read-only file system"
        case CocoaError.fileWriteFileExists.rawValue: return "File exists"
        case CocoaError.fileWriteInvalidFileName.rawValue, CocoaError.fileReadInvalidFileName.rawValue: return "invalid file name"
        case CocoaError.fileReadCorruptFile.rawValue: return "the file is corrupt"
        case CocoaError.fileReadTooLarge.rawValue: return "the file is too large"
        default: return "file error \(code)"
        }
    }
}
