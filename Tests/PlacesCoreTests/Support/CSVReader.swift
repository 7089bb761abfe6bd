/// A strict RFC 4180 reader for what `places` prints as CSV: records end with LF (or CR LF);
/// a field is plain text without a quote, CR or LF, or is quoted with its quotes doubled.
/// Anything else (a quote inside a plain field, text after a closing quote, a quote never
/// closed, a bare CR) is not CSV: nil, so a test sees a record a reader would split or merge.
enum CSVReader {
    static func records(_ text: String) -> [[String]]? {
        var records: [[String]] = []
        var record: [String] = []
        var field = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        var pending = scalars.next()
        var atFieldStart = true
        while let scalar = pending {
            pending = scalars.next()
            if atFieldStart, scalar == "\"" {
                // A quoted field: to the closing quote, "" meaning one quote.
                var closed = false
                while let inner = pending {
                    pending = scalars.next()
                    if inner == "\"" {
                        if pending == "\"" {
                            field.append("\"")
                            pending = scalars.next()
                        } else {
                            closed = true
                            break
                        }
                    } else {
                        field.append(inner)
                    }
                }
                guard closed else { return nil }
                guard pending == nil || pending == "," || pending == "\n" || pending == "\r" else { return nil }
                atFieldStart = false
                continue
            }
            switch scalar {
            case ",":
                record.append(String(field))
                field = String.UnicodeScalarView()
                atFieldStart = true
            case "\r":
                guard pending == "\n" else { return nil }
            case "\n":
                record.append(String(field))
                records.append(record)
                record = []
                field = String.UnicodeScalarView()
                atFieldStart = true
            case "\"":
                return nil
            default:
                field.append(scalar)
                atFieldStart = false
            }
        }
        if !atFieldStart || !field.isEmpty || !record.isEmpty {
            record.append(String(field))
            records.append(record)
        }
        return records
    }
}
