/// A decoder that presents the JSON object `{"kind": "<kind>"}` at `codingPath`: what the
/// kind shorthand (`"strategies": ["hintPull"]`) stands for. A plug-in decodes from it with
/// its own `init(from:)`, so every parameter takes its default, and a required one fails
/// with the decoder's own error at its real path (`$.strategies[0].interval`).
struct KindShorthandDecoder: Decoder {
    let kind: String
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(KindContainer<Key>(kind: kind, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, .init(codingPath: codingPath, debugDescription: "expected an array, found a kind name"))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw DecodingError.typeMismatch(String.self, .init(codingPath: codingPath, debugDescription: "a kind shorthand stands for an object"))
    }
}

/// The keyed container of `{"kind": "<kind>"}`: `"kind"` is a string, every other key is absent.
private struct KindContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let kind: String
    let codingPath: [any CodingKey]

    var allKeys: [Key] { Key(stringValue: "kind").map { [$0] } ?? [] }
    func contains(_ key: Key) -> Bool { key.stringValue == "kind" }

    private func absent(_ key: Key) -> DecodingError {
        .keyNotFound(key, .init(codingPath: codingPath, debugDescription: "No value associated with key \"\(key.stringValue)\""))
    }

    private func value<T>(_ type: T.Type, _ key: Key) throws -> T {
        guard contains(key) else { throw absent(key) }
        guard let v = kind as? T else {
            throw DecodingError.typeMismatch(type, .init(codingPath: codingPath + [key], debugDescription: "\"kind\" is a string"))
        }
        return v
    }

    func decodeNil(forKey key: Key) throws -> Bool { guard contains(key) else { throw absent(key) }; return false }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try value(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try value(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try value(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try value(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try value(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try value(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try value(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try value(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try value(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try value(type, key) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try value(type, key) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw contains(key) ? DecodingError.typeMismatch([String: Any].self, .init(codingPath: codingPath + [key], debugDescription: "\"kind\" is a string")) : absent(key)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw contains(key) ? DecodingError.typeMismatch([Any].self, .init(codingPath: codingPath + [key], debugDescription: "\"kind\" is a string")) : absent(key)
    }

    func superDecoder() throws -> any Decoder {
        throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "a kind shorthand has no \"super\" key"))
    }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw absent(key) }
}
