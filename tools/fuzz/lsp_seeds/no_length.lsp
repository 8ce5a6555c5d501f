Content-Type: application/vscode-jsonrpc

{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"processId": null, "capabilities": {}}}Content-Length: 92

{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"capabilities":{}}}Content-Length: 45

{"jsonrpc":"2.0","id":90,"method":"shutdown"}Content-Length: 33

{"jsonrpc":"2.0","method":"exit"}