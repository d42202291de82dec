print("extract")
