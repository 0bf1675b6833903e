console.log('pdfs: todo')
