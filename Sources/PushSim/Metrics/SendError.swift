/// A send error as the sender sees it, with its retry class (A9, F9).
public enum SendError: String, Sendable, CaseIterable {
    // FCM HTTP v1 (FCM REST v1 "ErrorCode")
    case invalidArgument = "INVALID_ARGUMENT"
    case unregistered = "UNREGISTERED"
    case senderIdMismatch = "SENDER_ID_MISMATCH"
    case thirdPartyAuthError = "THIRD_PARTY_AUTH_ERROR"
    case quotaExceeded = "QUOTA_EXCEEDED"
    case unavailable = "UNAVAILABLE"
    case `internal` = "INTERNAL"
    // APNs ("Handling error responses from APNs")
    case apnsBadDeviceToken = "BadDeviceToken"
    case apnsUnregistered = "Unregistered"
    case apnsBadPriority = "BadPriority"
    case apnsTooManyRequests = "TooManyRequests"
    case apnsInternalServerError = "InternalServerError"
    case apnsServiceUnavailable = "ServiceUnavailable"

    /// Whether a sender may retry the same message later (with backoff).
    public var isRetryable: Bool {
        switch self {
        case .quotaExceeded, .unavailable, .internal, .apnsTooManyRequests, .apnsInternalServerError, .apnsServiceUnavailable: true
        default: false
        }
    }

    /// Whether the token is dead and should be deleted (never for INVALID_ARGUMENT, C4).
    public var invalidatesToken: Bool {
        self == .unregistered || self == .apnsUnregistered || self == .apnsBadDeviceToken
    }

    /// HTTP status code.
    public var httpStatus: Int {
        switch self {
        case .invalidArgument, .apnsBadDeviceToken, .apnsBadPriority: 400
        case .unregistered: 404
        case .senderIdMismatch: 403
        case .thirdPartyAuthError: 401
        case .quotaExceeded, .apnsTooManyRequests: 429
        case .unavailable, .apnsServiceUnavailable: 503
        case .internal, .apnsInternalServerError: 500
        case .apnsUnregistered: 410
        }
    }
}
