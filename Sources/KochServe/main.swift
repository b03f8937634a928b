import KochServer

print(ServerPlaceholder.router())
