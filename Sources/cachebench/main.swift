import CacheBench

print("cachebench")
