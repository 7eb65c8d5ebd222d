import PushSimCommand

PushSimCommand.main()
