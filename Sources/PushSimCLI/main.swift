import Foundation

let status = Command.main(Array(CommandLine.arguments.dropFirst()),
                          out: { FileHandle.standardOutput.write(Data($0.utf8)) },
                          err: { FileHandle.standardError.write(Data($0.utf8)) })
exit(status)
